/**
 * A prospect's diagnosis over 10,000 statement lines (a year of a busy household: salaries, bills,
 * card purchases at 400 merchants), then its PDF: the target is at most 1 s together. The lines are
 * read from the database by one indexed query before this; here the rules and the drawing are timed.
 * Run: npm run bench:prospect-diagnosis (BENCH_LINES to change the count).
 */
import { type DiagnosisLine, diagnoseProspect } from '@prumo/domain/prospects/prospect-diagnosis';
import { renderDiagnosisPdf } from '../apps/api/src/modules/prospects/diagnosis-pdf';
import { summarizeMilliseconds, timeMilliseconds } from './measure';

const lineCount = Number(process.env.BENCH_LINES ?? 10_000);
const rounds = 7;
const categories = ['Alimentação', 'Transporte', 'Moradia', 'Saúde', 'Lazer', 'Compras', null];

function buildLines(): DiagnosisLine[] {
  const lines: DiagnosisLine[] = [];
  for (let index = 0; index < lineCount; index += 1) {
    const month = String((index % 12) + 1).padStart(2, '0');
    const day = String((index % 28) + 1).padStart(2, '0');
    const isIncome = index % 25 === 0;
    const merchant = `LOJA ${index % 400}`;
    lines.push({
      date: `2025-${month}-${day}`,
      amountCents: isIncome ? 650_000 : -((index * 7919) % 40_000) - 500,
      name: isIncome ? 'SALARIO EMPRESA' : merchant,
      merchantKey: isIncome ? 'SALARIO EMPRESA' : merchant,
      categoryName: isIncome ? 'Renda' : (categories[index % categories.length] ?? null),
      descriptionName: index % 97 === 0 ? 'Aluguel' : null,
      isAssetTransfer: index % 113 === 0,
    });
  }
  return lines;
}

const lines = buildLines();
const samples: number[] = [];
let pdfBytes = 0;
for (let round = 0; round < rounds; round += 1) {
  samples.push(
    await timeMilliseconds(async () => {
      const diagnosis = diagnoseProspect(lines);
      const pdf = await renderDiagnosisPdf(
        { name: 'Organização Bench', primaryColor: '1c7ed6', secondaryColor: '000000', logo: null },
        'Prospect Bench',
        diagnosis,
        '2026-01-15',
      );
      pdfBytes = pdf.length;
    }),
  );
}
const { median, p99 } = summarizeMilliseconds(samples);
console.log(
  `diagnosis + PDF of ${lineCount.toLocaleString('pt-BR')} lines: median ${median.toFixed(0)} ms, worst ${p99.toFixed(0)} ms (PDF ${pdfBytes} bytes)`,
);
if (p99 > 1000) {
  console.error('Over the 1 s target.');
  process.exitCode = 1;
}
