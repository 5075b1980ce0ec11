// '1200000' and '+' read '1,200,000+' on the website; the console shows the same.
export function counterFigure(value: unknown, suffix: unknown): string {
  const number = typeof value === 'number' ? value : Number(value);
  const figure = value === null || value === undefined || value === '' || Number.isNaN(number) ? '0' : number.toLocaleString('en-US');
  return `${figure}${typeof suffix === 'string' ? suffix : ''}`;
}
