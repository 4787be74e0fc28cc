"""Safe formula parser: Python's ast with a whitelist, never eval/sympify.

INTERFACE (the engine and checkers rely on exactly this):

    parse_formula(text: str) -> Formula        # raises FormulaError(message, column=0-based)
    Formula.names -> tuple[str, ...]           # referenced names, dotted ones kept ("v3_cost.total_hours")
    Formula.evaluate(env: Mapping[str, Quantity]) -> Quantity
        # raises FormulaError (unknown function…), DimensionMismatch, IntervalError (div by 0 …)
    Formula.to_sympy() -> sympy.Expr           # lazily imports sympy; names become Symbols
    Formula.display() -> str                   # readable text (e.g. "(n0*t0)/(n1*t1)")
"""
