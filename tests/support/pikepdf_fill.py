"""Fills form fields the way a pikepdf script does (Debian python3-pikepdf).

Usage: pikepdf_fill.py IN OUT VALUES.json ({"full.field.name": "value"}): sets each named
terminal field's /V and the AcroForm's /NeedAppearances, leaving the drawing to whoever comes
next (a viewer, or `qpdf --generate-appearances`). A check box or radio group (/FT /Btn) is set
as pikepdf scripts set it: /V the state's name, and each widget's /AS that state where the
widget has it, else /Off.
"""
import json
import sys

import pikepdf


def fill(field, prefix, values):
    name = prefix + str(field.get("/T", ""))
    if "/Kids" in field and "/FT" not in field:
        for kid in field.Kids:
            fill(kid, name + ".", values)
    elif name in values and field.get("/FT") == "/Btn":
        key = "/" + values[name]
        field.V = pikepdf.Name(key)
        for widget in field.Kids if "/Kids" in field else [field]:
            widget.AS = pikepdf.Name(key if key in widget.AP.N else "/Off")
    elif name in values:
        field.V = pikepdf.String(values[name])


def main():
    source, target = sys.argv[1], sys.argv[2]
    with open(sys.argv[3], encoding="utf-8") as f:
        values = json.load(f)
    with pikepdf.open(source) as pdf:
        for field in pdf.Root.AcroForm.Fields:
            fill(field, "", values)
        pdf.Root.AcroForm.NeedAppearances = True
        pdf.save(target)


main()
