/** Shapes shared by answers of modules not yet described in @prumo/contract. */

export interface Page<Item> {
  count: number;
  next: string | null;
  previous: string | null;
  results: Item[];
}

export interface DetailAnswer {
  detail: string;
}
