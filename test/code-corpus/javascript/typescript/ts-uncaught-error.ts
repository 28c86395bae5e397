interface Parser {
  parse(text: string): number;
}
const parser: Parser = {
  parse(text: string): number {
    if (!/^\d+$/.test(text)) throw new RangeError(`cannot parse "${text}"`);
    return Number(text);
  },
};
console.log(parser.parse('42'));
console.log(parser.parse('forty-two'));
