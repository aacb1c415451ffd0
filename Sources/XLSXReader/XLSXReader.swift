// XLSXReader: a generic streaming .xlsx reader over libzip and libxml2 (issue 4).
