class Resource {
  id!: number;
  optional?: string;
  declare brand: 'resource';
  static readonly kind: string = 'resource';
  constructor(private readonly label: string, protected size = 1) {}
  describe?(): string;
  override toString(): string {
    return `${Resource.kind}:${this.label}:${this.size}`;
  }
}
class Big extends Resource {
  constructor(label: string) {
    super(label, 100);
  }
  override toString(): string {
    return `big ${super.toString()}`;
  }
}
const resources: Resource[] = [new Resource('a'), new Big('b')];
console.log(resources.map(String), resources[1]);
let value: unknown = 'text';
if (typeof value === 'string') console.log(value.toUpperCase());
const key: unique symbol = Symbol('key');
const record: { [key]: number } = { [key]: 1 };
console.log(record[key], typeof key);
function identity<const T extends readonly unknown[]>(values: T): T {
  return values;
}
console.log(identity(['a', 1] as const));
