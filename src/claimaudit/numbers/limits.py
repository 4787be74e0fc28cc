"""Size limits of one written number, checked *before* any value is built (bounded time)."""

#: Largest number of digits in one written number: every digit counts, Arabic, full-width or
#: Chinese (一 is a digit). Checked while scanning, so a 1 MB run of digits is refused in linear time.
MAX_DIGITS = 1000
#: Largest |exponent| accepted in scientific notation; 10**400 is already far beyond any claim.
MAX_EXPONENT = 400
