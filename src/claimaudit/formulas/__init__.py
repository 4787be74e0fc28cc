"""Formulas: safe parse → sympy expression → interval evaluation with units."""
