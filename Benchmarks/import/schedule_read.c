/* How long SQLite takes to read a year template's schedules (StoreSQL.slotSchedules' SQLite form: the
   availability and the held requests of every slot of a range, each slot's staff and assignments as a
   list), with the lists made by group_concat (decimal text) or by slotsheet's own aggregate
   (Sources/CSQLiteIntegerList: eight-byte integers in a blob). SQLite alone, no Swift: its wall time,
   median of the runs after a first that warms the page cache.

     gcc -O2 -o /tmp/schedule_read Benchmarks/import/schedule_read.c \
         Sources/CSQLiteIntegerList/sqlite_integer_list.c -ISources/CSQLiteIntegerList/include -lsqlite3
     /tmp/schedule_read /tmp/slotsheet-bench/year.sqlite 2027-01-01 2027-12-31 [RUNS]
*/
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "sqlite_integer_list.h"

static double milliseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec * 1e3 + now.tv_nsec / 1e6;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* One reading of the range with `list` as the list aggregate; its wall time in ms, or -1. */
static double read_once(sqlite3 *db, const char *list, const char *from, const char *to, long *bytes) {
    char sql[1024];
    snprintf(sql, sizeof sql,
             "SELECT 0, date, daypart_id, %s(staff_id), NULL, 0 FROM availability WHERE date BETWEEN ?1 AND ?2 "
             "GROUP BY date, daypart_id UNION ALL SELECT 1, slot_date, daypart_id, "
             "%s(CASE WHEN staff_id IS NOT NULL THEN staff_id END), %s(CASE WHEN staff_id IS NOT NULL THEN id END), "
             "COUNT(*) FROM repair_request WHERE slot_date BETWEEN ?1 AND ?2 AND status IN ('new', 'approved') "
             "GROUP BY slot_date, daypart_id ORDER BY 2",
             list, list, list);
    sqlite3_stmt *statement;
    if (sqlite3_prepare_v2(db, sql, -1, &statement, NULL) != SQLITE_OK) {
        fprintf(stderr, "%s\n", sqlite3_errmsg(db));
        return -1;
    }
    sqlite3_bind_text(statement, 1, from, -1, SQLITE_STATIC);
    sqlite3_bind_text(statement, 2, to, -1, SQLITE_STATIC);
    double start = milliseconds();
    *bytes = 0;
    while (sqlite3_step(statement) == SQLITE_ROW) {
        sqlite3_column_blob(statement, 3);
        *bytes += sqlite3_column_bytes(statement, 3);
    }
    double took = milliseconds() - start;
    sqlite3_finalize(statement);
    return took;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: %s DATABASE FROM TO [RUNS]\n", argv[0]);
        return 2;
    }
    int runs = argc > 4 ? atoi(argv[4]) : 15;
    if (runs < 1 || runs > 1000) runs = 15;
    sqlite3 *db;
    if (sqlite3_open_v2(argv[1], &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK || sqlite_integer_list_register(db) != SQLITE_OK) {
        fprintf(stderr, "cannot open %s\n", argv[1]);
        return 1;
    }
    const char *lists[] = {"group_concat", SQLITE_INTEGER_LIST_NAME};
    double *times = malloc(sizeof(double) * (size_t)runs);
    for (int which = 0; which < 2; which++) {
        long bytes = 0;
        read_once(db, lists[which], argv[2], argv[3], &bytes);
        for (int run = 0; run < runs; run++) {
            times[run] = read_once(db, lists[which], argv[2], argv[3], &bytes);
            if (times[run] < 0) return 1;
        }
        qsort(times, (size_t)runs, sizeof(double), by_value);
        printf("%-24s median %.1f ms of %d runs (the staff lists: %ld bytes)\n", lists[which], times[runs / 2], runs, bytes);
    }
    free(times);
    sqlite3_close(db);
    return 0;
}
