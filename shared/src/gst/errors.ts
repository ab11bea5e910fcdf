/**
 * An input the engine refuses, naming the field so the form can show the message at it and the API can answer
 * 400 with it. Fields of a line are the GstLineInput names ('quantity', 'unitPrice', ...); computeDocument prefixes
 * them with the line's position ('lines.2.quantity').
 */
export class GstInputError extends Error {
  override readonly name = 'GstInputError';
  readonly field: string;

  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}
