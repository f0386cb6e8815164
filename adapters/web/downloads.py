"""A report table as a CSV or XLSX download: the page's figures, for a spreadsheet.

Numbers stay numbers (shares as fractions, formatted as percentages in XLSX), dates stay
dates. Texts written by members or quiz authors can never run as formulas: CSV cells that
start like one are quoted (bot.text.export.spreadsheet_safe), XLSX cells are written as
strings, never as formulas or links. XlsxWriter: maintained, no dependencies, writes only.
A French CSV is written as French spreadsheets read one: `;` between cells, `0,3333` for a
number (Excel and LibreOffice in French take `,` as the decimal mark and `;` as the
separator); an English one with `,` and `0.3333`.
"""

from __future__ import annotations

import csv
import io
from datetime import date, datetime
from typing import Any

import xlsxwriter  # type: ignore[import-untyped]
from aiohttp import web

from bot.domain.models import Language
from bot.text.export import spreadsheet_safe
from bot.text.report_tables import Table, Value

XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


SEPARATORS: dict[Language, tuple[str, str]] = {"en": (",", "."), "fr": (";", ",")}
"""Per language: the cell separator and the decimal mark its spreadsheets expect."""


def csv_value(value: Value, decimal_mark: str = ".") -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        text = f"{value:.4f}".rstrip("0").rstrip(".") if value else "0"
        return text.replace(".", decimal_mark)
    if isinstance(value, datetime):
        return value.isoformat(timespec="seconds")
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, str):
        return spreadsheet_safe(value)
    return str(value)


def to_csv(table: Table, language: Language) -> bytes:
    separator, decimal_mark = SEPARATORS.get(language, SEPARATORS["en"])
    stream = io.StringIO()
    writer = csv.writer(stream, delimiter=separator)
    writer.writerow(column.header for column in table.columns)
    for row in table.rows:
        writer.writerow(csv_value(value, decimal_mark) for value in row)
    return stream.getvalue().encode("utf-8-sig")  # the BOM makes Excel read UTF-8


def to_xlsx(table: Table) -> bytes:
    buffer = io.BytesIO()
    options = {"in_memory": True, "strings_to_formulas": False, "strings_to_urls": False}
    with xlsxwriter.Workbook(buffer, options) as book:
        sheet = book.add_worksheet(table.name[:31])
        bold = book.add_format({"bold": True})
        formats = {
            "share": book.add_format({"num_format": "0%"}),
            "seconds": book.add_format({"num_format": "0.0"}),
            "date": book.add_format({"num_format": "yyyy-mm-dd"}),
            "moment": book.add_format({"num_format": "yyyy-mm-dd hh:mm"}),
        }
        for column_number, column in enumerate(table.columns):
            sheet.write_string(0, column_number, column.header, bold)
            sheet.set_column(column_number, column_number, max(10, len(column.header) + 2))
        for row_number, row in enumerate(table.rows, start=1):
            for column_number, (value, column) in enumerate(zip(row, table.columns, strict=True)):
                _write(sheet, row_number, column_number, value, formats.get(column.kind))
        sheet.freeze_panes(1, 0)
    return buffer.getvalue()


def _write(sheet: Any, row: int, column: int, value: Value, style: Any) -> None:
    if value is None:
        sheet.write_blank(row, column, None, style)
    elif isinstance(value, datetime):
        sheet.write_datetime(row, column, value.replace(tzinfo=None), style)
    elif isinstance(value, date):
        sheet.write_datetime(row, column, datetime(value.year, value.month, value.day), style)
    elif isinstance(value, int | float):
        sheet.write_number(row, column, value, style)
    else:
        sheet.write_string(row, column, value)


def response(table: Table, extension: str, today: date, language: Language) -> web.Response:
    filename = f"report-{table.name}-{today.isoformat()}.{extension}"
    headers = {"Content-Disposition": f'attachment; filename="{filename}"'}
    if extension == "xlsx":
        return web.Response(body=to_xlsx(table), content_type=XLSX_TYPE, headers=headers)
    return web.Response(
        body=to_csv(table, language), content_type="text/csv", charset="utf-8", headers=headers
    )
