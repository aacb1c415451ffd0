// See include/sqlite_integer_list.h.
#include "sqlite_integer_list.h"

#include <sqlite3.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/// The values of one group so far: what sqlite3_aggregate_context keeps between the steps.
typedef struct {
    unsigned char *bytes;
    size_t count;
    size_t capacity;
} integer_list;

/// Bytes a value takes in the blob.
enum { VALUE_SIZE = 8 };

static void put_little_endian(unsigned char *into, sqlite3_int64 value) {
    uint64_t bits = (uint64_t)value;
    for (int index = 0; index < VALUE_SIZE; index++) {
        into[index] = (unsigned char)(bits >> (8 * index));
    }
}

static void integer_list_step(sqlite3_context *context, int argument_count, sqlite3_value **arguments) {
    (void)argument_count;
    switch (sqlite3_value_type(arguments[0])) {
    case SQLITE_NULL:
        return;
    case SQLITE_INTEGER:
        break;
    default:
        sqlite3_result_error(context, SQLITE_INTEGER_LIST_NAME ": a value that is not an integer", -1);
        return;
    }
    integer_list *list = sqlite3_aggregate_context(context, sizeof(integer_list));
    if (list == NULL) {
        sqlite3_result_error_nomem(context);
        return;
    }
    if (list->count == list->capacity) {
        size_t capacity = list->capacity == 0 ? 64 : list->capacity * 2;
        unsigned char *grown = realloc(list->bytes, capacity * VALUE_SIZE);
        if (grown == NULL) {
            sqlite3_result_error_nomem(context);
            return;
        }
        list->bytes = grown;
        list->capacity = capacity;
    }
    put_little_endian(list->bytes + list->count * VALUE_SIZE, sqlite3_value_int64(arguments[0]));
    list->count += 1;
}

static void integer_list_final(sqlite3_context *context) {
    // Asked with size 0: a group that had no value allocates no context and reads as NULL.
    integer_list *list = sqlite3_aggregate_context(context, 0);
    if (list == NULL || list->count == 0) {
        if (list != NULL) free(list->bytes);
        sqlite3_result_null(context);
        return;
    }
    // The blob takes the buffer over and frees it when SQLite is done with it.
    sqlite3_result_blob64(context, list->bytes, (sqlite3_uint64)(list->count * VALUE_SIZE), free);
    list->bytes = NULL;
}

int sqlite_integer_list_register(void *connection) {
    return sqlite3_create_function_v2((sqlite3 *)connection, SQLITE_INTEGER_LIST_NAME, 1,
                                      SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_DIRECTONLY, NULL, NULL,
                                      integer_list_step, integer_list_final, NULL);
}
