"""Rendering: fonts, text fitting, component faces, sheets and PDF/PNG outputs."""
