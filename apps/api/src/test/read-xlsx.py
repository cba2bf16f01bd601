"""Reads an xlsx file with openpyxl and prints it as JSON, for the export tests' second reader.

Usage: read-xlsx.py FILE (or - for standard input). Per sheet: its name, the frozen cell and its rows of
cells, each {"value", "type", "format", "bold"}; a cell the file leaves out shows its column's format, as
in Excel. A date is its ISO text to the millisecond (naive: the file holds no zone). Exit code 3 when
openpyxl is missing.
"""
import io
import json
import sys

try:
    import openpyxl
    from openpyxl.utils import get_column_letter
except ImportError:
    sys.stderr.write("openpyxl is not installed: install python3-openpyxl\n")
    sys.exit(3)


def cell_type(cell):
    if cell.value is None:
        return "empty"
    if cell.is_date:
        return "date"
    return {"n": "number", "s": "string", "b": "boolean", "e": "error", "f": "formula"}.get(cell.data_type, cell.data_type)


def cell_json(cell, shown_format):
    value = cell.value
    kind = cell_type(cell)
    if kind == "date":
        value = value.isoformat(timespec="milliseconds")
    return {"value": value, "type": kind, "format": shown_format, "bold": bool(cell.font and cell.font.b)}


def sheet_json(sheet):
    # The cells the file holds; iterating creates the others, unstyled.
    present = set(sheet._cells)
    width = sheet.max_column
    column_formats = [sheet.column_dimensions[get_column_letter(i)].number_format for i in range(1, width + 1)]
    rows = sheet.iter_rows(min_row=1, max_row=sheet.max_row, max_col=width)
    return {
        "name": sheet.title,
        "frozen": sheet.freeze_panes,
        "rows": [
            [cell_json(cell, cell.number_format if (cell.row, cell.column) in present else column_formats[cell.column - 1]) for cell in row]
            for row in rows
        ],
    }


def main():
    source = sys.argv[1] if len(sys.argv) > 1 else "-"
    # read_only=False: a read-only sheet keeps neither its columns' formats (an empty cell's) nor its frozen pane.
    data = io.BytesIO(sys.stdin.buffer.read()) if source == "-" else source
    book = openpyxl.load_workbook(data, read_only=False, data_only=True)
    json.dump({"sheets": [sheet_json(sheet) for sheet in book.worksheets]}, sys.stdout, ensure_ascii=False)


main()
