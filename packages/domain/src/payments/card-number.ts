/** Card brands as Pagar.me names them. */
export type CardBrand = 'Visa' | 'Mastercard' | 'Amex' | 'Elo' | 'Hipercard' | 'Diners' | 'JCB' | 'Discover' | 'Aura';

/** Whether the digits pass the Luhn check every card number carries (13 to 19 digits). */
export function isValidCardNumber(digits: string): boolean {
  if (!/^\d{13,19}$/.test(digits)) return false;
  let sum = 0;
  let doubled = false;
  for (let index = digits.length - 1; index >= 0; index -= 1) {
    let digit = Number(digits[index]);
    if (doubled) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    doubled = !doubled;
  }
  return sum % 10 === 0;
}

/** Elo's ranges of the first six digits: they sit inside Visa's and Mastercard's, so they are tried first. */
const eloRanges: [number, number][] = [
  [401178, 401179],
  [431274, 431274],
  [438935, 438935],
  [451416, 451416],
  [457393, 457393],
  [457631, 457632],
  [504175, 504175],
  [506699, 506778],
  [509000, 509999],
  [627780, 627780],
  [636297, 636297],
  [636368, 636368],
  [650031, 650033],
  [650035, 650051],
  [650405, 650439],
  [650485, 650538],
  [650541, 650598],
  [650700, 650718],
  [650720, 650727],
  [650901, 650920],
  [651652, 651679],
  [655000, 655019],
  [655021, 655058],
];
const hipercardPrefixes = ['606282', '384100', '384140', '384160'];

function isBetween(value: number, low: number, high: number): boolean {
  return value >= low && value <= high;
}

/** The brand the first digits say, or null for a number no brand here issues. */
export function detectCardBrand(digits: string): CardBrand | null {
  const six = Number(digits.slice(0, 6));
  const four = Number(digits.slice(0, 4));
  const three = Number(digits.slice(0, 3));
  const two = Number(digits.slice(0, 2));
  if (digits.length >= 6 && eloRanges.some(([low, high]) => isBetween(six, low, high))) return 'Elo';
  if (hipercardPrefixes.some((prefix) => digits.startsWith(prefix))) return 'Hipercard';
  if (two === 34 || two === 37) return 'Amex';
  if (isBetween(three, 300, 305) || two === 36 || two === 38 || two === 39) return 'Diners';
  if (isBetween(four, 3528, 3589)) return 'JCB';
  if (four === 6011 || two === 65 || isBetween(three, 644, 649)) return 'Discover';
  if (isBetween(two, 51, 55) || isBetween(four, 2221, 2720)) return 'Mastercard';
  if (two === 50) return 'Aura';
  if (digits.startsWith('4')) return 'Visa';
  return null;
}
