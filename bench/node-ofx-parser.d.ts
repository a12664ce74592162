declare module 'node-ofx-parser' {
  export function parse(data: string): unknown;
}
