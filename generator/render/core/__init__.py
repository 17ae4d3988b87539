"""The shared core of every renderer: fonts, text fitting, imposition, the PDF document, PNG and print-on-demand outputs."""
