"""Diagrams of games and rules, and the SVG renderer behind them (graphviz extras only)."""
