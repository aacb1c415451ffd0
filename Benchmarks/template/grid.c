/*
 * Baseline for the template benchmark: the same grid as `slotsheet template export` writes
 * (a header, then DAYS x DAYPARTS rows of date, weekday, daypart, booked, a COUNTIF capacity
 * formula with its cached value, and STAFF mark cells, each "x" or a formatted blank), straight
 * through libxlsxwriter in constant-memory mode, with no database and no Swift.
 *
 * Usage: grid OUTPUT.xlsx DAYS STAFF
 */
#include <stdio.h>
#include <stdlib.h>
#include <xlsxwriter.h>

#define DAYPARTS 6

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: grid OUTPUT.xlsx DAYS STAFF\n"); return 2; }
    int days = atoi(argv[2]), staff = atoi(argv[3]);
    lxw_workbook_options options = {.constant_memory = LXW_TRUE, .use_zip64 = LXW_TRUE};
    lxw_workbook *workbook = workbook_new_opt(argv[1], &options);
    lxw_worksheet *sheet = workbook_add_worksheet(workbook, "Availability");
    lxw_format *date = workbook_add_format(workbook);
    format_set_num_format(date, "d mmm yyyy");
    format_set_border(date, LXW_BORDER_THIN);
    lxw_format *plain = workbook_add_format(workbook);
    format_set_border(plain, LXW_BORDER_THIN);
    lxw_format *mark = workbook_add_format(workbook);
    format_set_border(mark, LXW_BORDER_THIN);
    format_set_unlocked(mark);
    format_set_bold(mark);
    format_set_align(mark, LXW_ALIGN_CENTER);
    const char *labels[DAYPARTS] = {"08:00-09:00", "09:00-10:00", "10:00-12:00", "13:00-14:00", "14:00-15:00", "15:00-17:00"};
    const char *weekdays[7] = {"Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"};
    char header[64], formula[96], last[8];
    lxw_col_t last_column = (lxw_col_t)(5 + staff - 1);
    lxw_col_to_name(last, last_column, 0);

    worksheet_write_string(sheet, 0, 0, "Date", NULL);
    worksheet_write_string(sheet, 0, 1, "Day", NULL);
    worksheet_write_string(sheet, 0, 2, "Daypart", NULL);
    worksheet_write_string(sheet, 0, 3, "Booked", NULL);
    worksheet_write_string(sheet, 0, 4, "Capacity", NULL);
    for (int s = 0; s < staff; s++) {
        snprintf(header, sizeof header, "S%04d Staff member %d", s + 1, s + 1);
        worksheet_write_string(sheet, 0, (lxw_col_t)(5 + s), header, NULL);
    }
    unsigned state = 12345;
    lxw_row_t row = 1;
    for (int d = 0; d < days; d++) {
        lxw_datetime when = {2026, 1, 1, 0, 0, 0};
        when.day += d;   /* libxlsxwriter normalises day overflow through its serial arithmetic */
        for (int p = 0; p < DAYPARTS; p++, row++) {
            int available = 0;
            worksheet_write_datetime(sheet, row, 0, &when, date);
            worksheet_write_string(sheet, row, 1, weekdays[d % 7], plain);
            worksheet_write_string(sheet, row, 2, labels[p], plain);
            worksheet_write_number(sheet, row, 3, (double)(d % 5), plain);
            for (int s = 0; s < staff; s++) {
                state = state * 1103515245u + 12345u;
                if ((state >> 16) % 100 < 46) {
                    worksheet_write_string(sheet, row, (lxw_col_t)(5 + s), "x", mark);
                    available++;
                } else {
                    worksheet_write_blank(sheet, row, (lxw_col_t)(5 + s), mark);
                }
            }
            snprintf(formula, sizeof formula, "=COUNTIF(F%u:%s%u,\"x\")", row + 1, last, row + 1);
            worksheet_write_formula_num(sheet, row, 4, formula, plain, (double)available);
        }
    }
    return workbook_close(workbook) == LXW_NO_ERROR ? 0 : 1;
}
