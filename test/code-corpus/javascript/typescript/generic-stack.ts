class Stack<T> {
  private items: T[] = [];
  push(...values: T[]): this {
    this.items.push(...values);
    return this;
  }
  pop(): T | undefined {
    return this.items.pop();
  }
  get size(): number {
    return this.items.length;
  }
}
const stack = new Stack<string>().push('a', 'b', 'c');
console.log(stack.pop(), stack.size);
console.log(stack);
const numbers = new Stack<number>();
numbers.push(1);
console.log(numbers.pop()! + 1, numbers.pop());
