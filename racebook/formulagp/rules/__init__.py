"""The pure rules of FormulaGP: functions over small frozen inputs, typed results, each citing the digest."""
