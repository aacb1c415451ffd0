// XLSXWriter: a thin Swift layer over libxlsxwriter (issue 3).
