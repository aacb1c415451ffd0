// An SQLite aggregate that gathers a group's integers into one blob, for the schedules' reads
// (SQLDialect.integerList, read back by SQLiteRow.optionalIntegerList).
//
// SQLite's group_concat turned each integer into decimal text and slotsheet parsed it back: for a
// year's template (250,000 staff ids) that round trip was an eighth of the database read. This
// aggregate copies each value as it is stored, eight bytes little-endian, in the order the group's
// rows come; NULL arguments are skipped (as group_concat skips them) and a group with no value gives
// NULL. Any other type than an integer is an error of the statement: nothing is converted.
#ifndef SQLITE_INTEGER_LIST_H
#define SQLITE_INTEGER_LIST_H

/// The aggregate's name in SQL: `slotsheet_integer_list(expression)`.
#define SQLITE_INTEGER_LIST_NAME "slotsheet_integer_list"

/// Registers the aggregate on one connection (a `sqlite3 *`, passed as an opaque pointer so that
/// this header needs no SQLite header of its own). Returns SQLite's result code (SQLITE_OK is 0).
int sqlite_integer_list_register(void *connection);

#endif
