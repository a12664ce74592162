import { formatBrazilianDate } from '@prumo/domain/br/date';
import { formatCents } from '@prumo/domain/money/cents';
import type { ProspectDiagnosis } from '@prumo/domain/prospects/prospect-diagnosis';
import { PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

/** The organization's brand as the PDF carries it. */
export interface PdfBrand {
  name: string;
  /** Hex without '#'. */
  primaryColor: string;
  secondaryColor: string;
  /** The logo's bytes (PNG or JPEG); anything else is left out. */
  logo: Buffer | null;
}

const pageWidth = 595.28;
const pageHeight = 841.89;
const margin = 40;
const contentWidth = pageWidth - 2 * margin;

function readColor(hex: string) {
  const value = /^[0-9a-f]{6}$/i.test(hex) ? Number.parseInt(hex, 16) : 0x1c7ed6;
  return rgb(((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255);
}

// WinAnsi (the standard fonts' encoding) beyond Latin-1: the typographic marks a bank or a name may carry.
const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Text the standard fonts can draw: accents kept, anything else (emoji, other scripts) without its marks or as '?'. */
export function toDrawableText(text: string): string {
  let drawable = '';
  for (const character of text.normalize('NFC')) {
    const code = character.codePointAt(0) ?? 63;
    if ((code >= 32 && code <= 126) || (code >= 160 && code <= 255) || winAnsiExtras.has(character)) {
      drawable += character;
      continue;
    }
    const plain = character.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    drawable += plain.length === 1 && plain.charCodeAt(0) < 127 && plain.charCodeAt(0) >= 32 ? plain : '?';
  }
  return drawable;
}

function formatMonth(month: string): string {
  const names = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];
  return `${names[Number(month.slice(5, 7)) - 1]}/${month.slice(2, 4)}`;
}

async function embedLogo(document: PDFDocument, logo: Buffer | null): Promise<PDFImage | null> {
  if (!logo || logo.length < 8) return null;
  try {
    if (logo[0] === 0x89 && logo[1] === 0x50 && logo[2] === 0x4e && logo[3] === 0x47)
      return await document.embedPng(logo);
    if (logo[0] === 0xff && logo[1] === 0xd8) return await document.embedJpg(logo);
  } catch {
    // A logo the library cannot read leaves the header with the name only.
  }
  return null;
}

/** Writes top to bottom, starting a new page when the next block does not fit. */
class PageWriter {
  page: PDFPage;
  y: number;

  constructor(
    private readonly document: PDFDocument,
    private readonly fonts: { regular: PDFFont; bold: PDFFont },
    private readonly brand: PdfBrand,
  ) {
    this.page = document.addPage([pageWidth, pageHeight]);
    this.y = pageHeight - margin;
  }

  ensureRoom(height: number): void {
    if (this.y - height >= margin + 20) return;
    this.page = this.document.addPage([pageWidth, pageHeight]);
    this.y = pageHeight - margin;
  }

  text(value: string, options: { size?: number; bold?: boolean; x?: number; color?: ReturnType<typeof rgb> } = {}) {
    const size = options.size ?? 10;
    this.ensureRoom(size + 6);
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    this.page.drawText(this.fit(toDrawableText(value), font, size, contentWidth - (options.x ?? 0)), {
      x: margin + (options.x ?? 0),
      y: this.y - size,
      size,
      font,
      color: options.color ?? rgb(0.13, 0.13, 0.13),
    });
    this.y -= size + 6;
  }

  /** A line of a table: the label on the left, the amount right-aligned. */
  row(label: string, amount: string, options: { bold?: boolean } = {}) {
    const size = 10;
    this.ensureRoom(size + 6);
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const amountText = toDrawableText(amount);
    const amountWidth = font.widthOfTextAtSize(amountText, size);
    this.page.drawText(this.fit(toDrawableText(label), font, size, contentWidth - amountWidth - 12), {
      x: margin,
      y: this.y - size,
      size,
      font,
    });
    this.page.drawText(amountText, { x: margin + contentWidth - amountWidth, y: this.y - size, size, font });
    this.y -= size + 6;
  }

  heading(value: string) {
    this.ensureRoom(40);
    this.y -= 10;
    this.text(value, { size: 13, bold: true, color: readColor(this.brand.primaryColor) });
  }

  space(height: number) {
    this.y -= height;
  }

  /** Shortened with '…' to fit the width. */
  private fit(value: string, font: PDFFont, size: number, width: number): string {
    if (font.widthOfTextAtSize(value, size) <= width) return value;
    let shortened = value;
    while (shortened.length > 1 && font.widthOfTextAtSize(`${shortened}…`, size) > width)
      shortened = shortened.slice(0, -1);
    return `${shortened}…`;
  }
}

/**
 * The diagnosis as a PDF under the organization's brand: header in its primary colour with its
 * logo and name, the summary, a month-by-month bar chart, expense by category with bars, fixed
 * costs and the largest recurring charges.
 */
export async function renderDiagnosisPdf(
  brand: PdfBrand,
  prospectName: string,
  diagnosis: ProspectDiagnosis,
  generatedOn: string,
): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setTitle(toDrawableText(`Diagnóstico financeiro — ${prospectName}`));
  document.setAuthor(toDrawableText(brand.name));
  document.setCreator('Prumo');
  const fonts = {
    regular: await document.embedFont(StandardFonts.Helvetica),
    bold: await document.embedFont(StandardFonts.HelveticaBold),
  };
  const primary = readColor(brand.primaryColor);
  const secondary = readColor(brand.secondaryColor);
  const writer = new PageWriter(document, fonts, brand);

  // Header band.
  const bandHeight = 70;
  writer.page.drawRectangle({ x: 0, y: pageHeight - bandHeight, width: pageWidth, height: bandHeight, color: primary });
  const logo = await embedLogo(document, brand.logo);
  let nameX = margin;
  if (logo) {
    const scaled = logo.scaleToFit(120, 44);
    writer.page.drawRectangle({
      x: margin - 4,
      y: pageHeight - bandHeight / 2 - scaled.height / 2 - 4,
      width: scaled.width + 8,
      height: scaled.height + 8,
      color: rgb(1, 1, 1),
    });
    writer.page.drawImage(logo, {
      x: margin,
      y: pageHeight - bandHeight / 2 - scaled.height / 2,
      width: scaled.width,
      height: scaled.height,
    });
    nameX = margin + scaled.width + 20;
  }
  writer.page.drawText(toDrawableText(brand.name), {
    x: nameX,
    y: pageHeight - bandHeight / 2 - 7,
    size: 18,
    font: fonts.bold,
    color: rgb(1, 1, 1),
  });
  writer.y = pageHeight - bandHeight - 24;

  writer.text(`Diagnóstico financeiro de ${prospectName}`, { size: 16, bold: true });
  writer.text(
    diagnosis.period
      ? `Período dos extratos: ${formatBrazilianDate(diagnosis.period.start)} a ${formatBrazilianDate(diagnosis.period.end)} (${diagnosis.daysCovered} dias, ${diagnosis.linesCounted} lançamentos)`
      : 'Nenhum extrato enviado ainda.',
    { color: rgb(0.4, 0.4, 0.4) },
  );

  writer.heading('Resumo mensal');
  writer.row('Renda média por mês', formatCents(diagnosis.monthlyIncomeCents));
  writer.row('Despesa média por mês', formatCents(diagnosis.monthlyExpenseCents));
  writer.row('Custos fixos por mês', formatCents(diagnosis.monthlyFixedCostsCents));
  writer.row(
    'Capacidade de poupança por mês',
    `${formatCents(diagnosis.monthlySavingsCents)}${diagnosis.savingsRatePercent === null ? '' : ` (${String(diagnosis.savingsRatePercent).replace('.', ',')}% da renda)`}`,
    { bold: true },
  );

  if (diagnosis.months.length > 0) {
    writer.heading('Renda e despesa por mês');
    const chartHeight = 120;
    writer.ensureRoom(chartHeight + 40);
    const top = writer.y;
    const largest = Math.max(1, ...diagnosis.months.flatMap((month) => [month.incomeCents, month.expenseCents]));
    const slot = contentWidth / diagnosis.months.length;
    const barWidth = Math.max(2, Math.min(18, slot / 2 - 4));
    diagnosis.months.forEach((month, index) => {
      const x = margin + index * slot + slot / 2 - barWidth;
      const base = top - chartHeight;
      const incomeHeight = (month.incomeCents / largest) * chartHeight;
      const expenseHeight = (month.expenseCents / largest) * chartHeight;
      writer.page.drawRectangle({ x, y: base, width: barWidth, height: incomeHeight, color: primary });
      writer.page.drawRectangle({ x: x + barWidth, y: base, width: barWidth, height: expenseHeight, color: secondary });
      if (diagnosis.months.length <= 18) {
        writer.page.drawText(formatMonth(month.month), { x: x - 2, y: base - 12, size: 7, font: fonts.regular });
      }
    });
    writer.y = top - chartHeight - 20;
    writer.page.drawRectangle({ x: margin, y: writer.y - 8, width: 8, height: 8, color: primary });
    writer.page.drawText('Renda', { x: margin + 12, y: writer.y - 8, size: 8, font: fonts.regular });
    writer.page.drawRectangle({ x: margin + 60, y: writer.y - 8, width: 8, height: 8, color: secondary });
    writer.page.drawText('Despesa', { x: margin + 72, y: writer.y - 8, size: 8, font: fonts.regular });
    writer.space(16);
  }

  if (diagnosis.expenseByCategory.length > 0) {
    writer.heading('Despesa por categoria');
    const largest = diagnosis.expenseByCategory[0]?.amountCents ?? 1;
    for (const entry of diagnosis.expenseByCategory) {
      writer.row(
        `${entry.category} (${String(entry.sharePercent).replace('.', ',')}%)`,
        formatCents(entry.amountCents),
      );
      writer.page.drawRectangle({
        x: margin,
        y: writer.y + 1,
        width: Math.max(1, (entry.amountCents / largest) * (contentWidth * 0.6)),
        height: 3,
        color: primary,
        opacity: 0.6,
      });
      writer.space(3);
    }
  }

  writer.heading('Custos fixos');
  if (diagnosis.fixedCosts.length === 0) writer.text('Nenhum custo fixo encontrado nos extratos.');
  for (const cost of diagnosis.fixedCosts) {
    writer.row(
      `${cost.title}${cost.source === 'recorrente' ? ' (recorrente)' : ''}`,
      `${formatCents(cost.monthlyCents)}/mês`,
    );
  }

  writer.heading('Maiores cobranças recorrentes');
  if (diagnosis.largestRecurringCharges.length === 0) {
    writer.text('Nenhuma cobrança mensal recorrente encontrada (são precisos 3 meses de extrato).');
  }
  for (const charge of diagnosis.largestRecurringCharges) {
    writer.row(
      `${charge.title} — todo dia ${charge.dueDay}, ${charge.monthsFound} meses`,
      formatCents(charge.amountCents),
    );
  }

  writer.space(12);
  writer.text(`Gerado por ${brand.name} em ${formatBrazilianDate(generatedOn)}.`, {
    size: 8,
    color: rgb(0.45, 0.45, 0.45),
  });
  return document.save();
}
