/**
 * The parts of a one-sheet xlsx file as text: the package's fixed parts, a styles part with the columns'
 * number formats, and the worksheet as a head, its rows and a tail, so the rows can be streamed.
 * Strings are inline (a shared-strings table would hold every distinct text until the end).
 */

export interface SheetColumn {
  header: string;
  width: number;
  /** Excel number format of the column's cells; none: General. */
  numFmt?: string;
  /** Its text values are plain decimal numbers (`-?digits(.digits)?`), written as number cells. */
  numeric?: boolean;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** Number formats Excel knows by id; any other gets an id from 164 up in the styles part. */
const BUILT_IN_FORMATS: Record<string, number> = { General: 0, '0': 1, '0.00': 2, '#,##0': 3, '#,##0.00': 4, '0%': 9, '0.00%': 10, 'mm-dd-yy': 14 };
/** A date in a column that declares no format shows as this (what exceljs gave such a cell). */
const DEFAULT_DATE_FORMAT = 'mm-dd-yy';

/** Style ids (cellXfs): 0 plain, 1 the bold header, 2 a date without a column format, then one per number format. */
const HEADER_STYLE = 1;
const DATE_STYLE = 2;

export interface SheetStyles {
  xml: string;
  /** Each column's style id (0: none). */
  columnStyles: number[];
  dateStyle: number;
}

export function sheetStyles(columns: readonly SheetColumn[]): SheetStyles {
  const custom = new Map<string, number>();
  const xfs = [`<xf numFmtId="${BUILT_IN_FORMATS[DEFAULT_DATE_FORMAT]}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`];
  const styleOf = new Map<string, number>();
  const columnStyles = columns.map((column) => {
    if (!column.numFmt || column.numFmt === 'General') return 0;
    let style = styleOf.get(column.numFmt);
    if (style === undefined) {
      let id = BUILT_IN_FORMATS[column.numFmt];
      if (id === undefined) {
        id = custom.get(column.numFmt) ?? 164 + custom.size;
        custom.set(column.numFmt, id);
      }
      style = DATE_STYLE + xfs.length;
      xfs.push(`<xf numFmtId="${id}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`);
      styleOf.set(column.numFmt, style);
    }
    return style;
  });
  const numFmts = [...custom].map(([code, id]) => `<numFmt numFmtId="${id}" formatCode="${escapeXml(code)}"/>`).join('');
  const font = (bold: boolean) => `<font>${bold ? '<b/>' : ''}<sz val="11"/><color theme="1"/><name val="Calibri"/><family val="2"/><scheme val="minor"/></font>`;
  const xml =
    `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
    (custom.size ? `<numFmts count="${custom.size}">${numFmts}</numFmts>` : '') +
    `<fonts count="2">${font(false)}${font(true)}</fonts>` +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="${2 + xfs.length}"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>` +
    '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
    `${xfs.join('')}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
    '</styleSheet>';
  return { xml, columnStyles, dateStyle: DATE_STYLE };
}

/** The package's other parts, by path. */
export function packageParts(sheetName: string): [string, string][] {
  return [
    [
      '[Content_Types].xml',
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '</Types>',
    ],
    [
      '_rels/.rels',
      `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
        '</Relationships>',
    ],
    [
      'xl/workbook.xml',
      `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
        `<bookViews><workbookView/></bookViews><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
        '</Relationships>',
    ],
  ];
}

export const SHEET_PATH = 'xl/worksheets/sheet1.xml';
export const STYLES_PATH = 'xl/styles.xml';

/** The worksheet up to its first data row: frozen header row, column widths and styles, the bold header. */
export function sheetHead(columns: readonly SheetColumn[], styles: SheetStyles): string {
  const cols = columns
    .map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"${styles.columnStyles[i] ? ` style="${styles.columnStyles[i]}"` : ''}/>`)
    .join('');
  const letters = columns.map((_, i) => columnLetters(i));
  const header = columns.map((c, i) => `<c r="${letters[i]}1" s="${HEADER_STYLE}" t="inlineStr"><is>${textElement(c.header)}</is></c>`).join('');
  return (
    `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>' +
    '<sheetFormatPr defaultRowHeight="15"/>' +
    (cols ? `<cols>${cols}</cols>` : '') +
    `<sheetData><row r="1">${header}</row>`
  );
}

export const SHEET_TAIL = '</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>';

/** A..Z, AA..ZZ, AAA...: the column part of a cell reference, from a 0-based index. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

const MS_PER_DAY = 86_400_000;
/** 1970-01-01 as an Excel serial day (1900 date system). */
const EPOCH_SERIAL = 25_569;

/**
 * Writes a row's cells as XML. A cell is text (inline string), a number (or, in a numeric column, its
 * plain decimal text), a boolean or a Date (a serial
 * day number in UTC, as exceljs wrote it); null, NaN and invalid dates leave the cell out (the column's
 * style still shows an empty cell's format).
 */
export function rowWriter(columns: readonly SheetColumn[], styles: SheetStyles): (rowNumber: number, cells: readonly unknown[]) => string {
  // Each cell's text up to its row number, and from there to its value, by column and kind of value.
  const open = columns.map((_, i) => `<c r="${columnLetters(i)}`);
  const style = styles.columnStyles.map((s) => (s ? `" s="${s}"` : '"'));
  const numberTail = style.map((s) => `${s}><v>`);
  const dateTail = styles.columnStyles.map((s) => `" s="${s || styles.dateStyle}"><v>`);
  const textTail = style.map((s) => `${s} t="inlineStr"><is>`);
  const boolTail = style.map((s) => `${s} t="b"><v>`);
  const numeric = columns.map((c) => c.numeric === true);
  const count = columns.length;
  return (rowNumber, cells) => {
    const r = String(rowNumber);
    let xml = `<row r="${r}">`;
    for (let i = 0; i < count; i++) {
      const value = cells[i];
      if (value === null || value === undefined) continue;
      switch (typeof value) {
        case 'number':
          if (Number.isFinite(value)) xml += open[i] + r + numberTail[i] + value + '</v></c>';
          break;
        case 'string':
          xml += numeric[i] ? open[i] + r + numberTail[i] + value + '</v></c>' : open[i] + r + textTail[i] + textElement(value) + '</is></c>';
          break;
        case 'boolean':
          xml += open[i] + r + boolTail[i] + (value ? '1' : '0') + '</v></c>';
          break;
        default:
          if (value instanceof Date) {
            const time = value.getTime();
            if (Number.isFinite(time)) xml += open[i] + r + dateTail[i] + (EPOCH_SERIAL + time / MS_PER_DAY) + '</v></c>';
          } else {
            xml += open[i] + r + textTail[i] + textElement(String(value)) + '</is></c>';
          }
      }
    }
    return xml + '</row>';
  };
}

/** A `<t>` element; leading or trailing white space is kept (xml:space), as are line breaks. */
function textElement(text: string): string {
  const escaped = escapeXml(text);
  if (text.length && (isSpace(text.charCodeAt(0)) || isSpace(text.charCodeAt(text.length - 1)))) return `<t xml:space="preserve">${escaped}</t>`;
  return `<t>${escaped}</t>`;
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}

/**
 * Text for an XML element or attribute. Markup characters become entities, a carriage return a character
 * reference. Characters XML 1.0 cannot hold (control characters but tab and line feed; U+FFFE, U+FFFF)
 * are written as Excel's `_xHHHH_` escapes (Excel and SheetJS read them back as the character), and an
 * underscore that begins such a sequence in the text itself is escaped too (`_x005F_`). Lone surrogates
 * become U+FFFD when the text is encoded as UTF-8.
 */
export function escapeXml(text: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    let replacement: string | null = null;
    if (code === 38) replacement = '&amp;';
    else if (code === 60) replacement = '&lt;';
    else if (code === 62) replacement = '&gt;';
    else if (code === 34) replacement = '&quot;';
    else if (code === 13) replacement = '&#13;';
    else if ((code < 32 && code !== 9 && code !== 10) || code === 0xfffe || code === 0xffff || (code === 95 && isEscapeLike(text, i))) {
      replacement = `_x${code.toString(16).toUpperCase().padStart(4, '0')}_`;
    }
    if (replacement !== null) {
      out += text.slice(from, i) + replacement;
      from = i + 1;
    }
  }
  return from === 0 ? text : out + text.slice(from);
}

/** Whether `_xHHHH_` (four hex digits) starts at `at`. */
function isEscapeLike(text: string, at: number): boolean {
  if (text.charCodeAt(at + 1) !== 120 || text.charCodeAt(at + 6) !== 95) return false;
  for (let i = at + 2; i < at + 6; i++) {
    const c = text.charCodeAt(i);
    const hex = (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
    if (!hex) return false;
  }
  return true;
}
