import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { describe, expect, it } from "vitest";
import { attachmentHeader, csvRecord, CSV_OPTIONS, neutraliseFormula } from "./csv";

const toCsv = (rows: (string | null)[][]) => stringify(rows.map(csvRecord), CSV_OPTIONS);
const BOM = "\uFEFF";

describe("neutraliseFormula", () => {
  it("prefixes what a spreadsheet would evaluate", () => {
    expect(neutraliseFormula("=1+1")).toBe("'=1+1");
    expect(neutraliseFormula('=HYPERLINK("http://x","y")')).toBe(`'=HYPERLINK("http://x","y")`);
    expect(neutraliseFormula("+5511999")).toBe("'+5511999");
    expect(neutraliseFormula("-2+3")).toBe("'-2+3");
    expect(neutraliseFormula("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(neutraliseFormula("\t=1")).toBe("'\t=1");
    expect(neutraliseFormula("\r=1")).toBe("'\r=1");
  });
  it("leaves ordinary text alone, including those characters further in", () => {
    for (const s of ["Cliente \"Ana\" criado", "a=b", "Serviço - Corte", "e-mail@x.com", "", " =1", "'=já neutro"]) {
      expect(neutraliseFormula(s)).toBe(s);
    }
  });
});

describe("csv escaping", () => {
  it("starts with the UTF-8 BOM and ends records with CRLF", () => {
    expect(toCsv([["a", "b"]])).toBe(`${BOM}a,b\r\n`);
  });
  it("quotes a comma, doubles quotes, keeps line breaks inside quotes", () => {
    expect(toCsv([['Cliente "Silva, "Zé"" criado']])).toBe(`${BOM}"Cliente ""Silva, ""Zé"""" criado"\r\n`);
    expect(toCsv([["Silva, Zé"]])).toBe(`${BOM}"Silva, Zé"\r\n`);
    expect(toCsv([['Diz "oi"']])).toBe(`${BOM}"Diz ""oi"""\r\n`);
    expect(toCsv([["linha 1\nlinha 2"]])).toBe(`${BOM}"linha 1\nlinha 2"\r\n`);
    expect(toCsv([["só CR\rdepois"]])).toBe(`${BOM}"só CR\rdepois"\r\n`);
    expect(toCsv([["a;b"]])).toBe(`${BOM}a;b\r\n`);
  });
  it("null is an empty field", () => {
    expect(toCsv([["a", null, "c"]])).toBe(`${BOM}a,,c\r\n`);
  });
  it("whatever the text, the file parses back to the same cells (neutralised ones with their ')", () => {
    const nasty = [
      ["data", "usuário", "ação", "entidade", "descrição"],
      ["01/02/2026 09:00:00", "Ana, a \"dona\"", "Criação", "Cliente", 'Cliente "Silva, "Zé"" criado'],
      ["01/02/2026 09:00:01", "=cmd|' /C calc'!A0", "Exclusão", "Serviço", "linha\r\nquebrada, com \"aspas\"\n"],
      ["01/02/2026 09:00:02", "", "Atualização", "Agendamento", "+55 65 99999-0000"],
      ["01/02/2026 09:00:03", "@bob", "Criação", "Profissional", "-1"],
    ];
    const parsed = parse(toCsv(nasty), { bom: true, relax_column_count: false }) as string[][];
    expect(parsed).toEqual(nasty.map((row) => row.map(neutraliseFormula)));
    expect(parsed[2][1]).toBe("'=cmd|' /C calc'!A0");
    expect(parsed[3][4]).toBe("'+55 65 99999-0000");
  });
});

describe("attachmentHeader", () => {
  it("plain and RFC 5987 names", () => {
    expect(attachmentHeader("logs_auditoria_2026-05-01.csv")).toBe(
      `attachment; filename="logs_auditoria_2026-05-01.csv"; filename*=UTF-8''logs_auditoria_2026-05-01.csv`,
    );
    expect(attachmentHeader('relatório "x".csv')).toBe(`attachment; filename="relat_rio _x_.csv"; filename*=UTF-8''relat%C3%B3rio%20%22x%22.csv`);
  });
});
