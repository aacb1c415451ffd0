/* libdeflate: only its CRC-32 (PCLMULQDQ where the processor has it), for the reader's check of what
   it inflates (XLSXReader's ZipEntryCheck). */
#include <libdeflate.h>
