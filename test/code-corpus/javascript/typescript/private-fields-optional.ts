class Account {
  #balance = 0;
  private history: number[] = [];
  declare readonly tag?: string;
  deposit(amount: number): this {
    this.#balance += amount;
    this.history.push(amount);
    return this;
  }
  get balance(): number {
    return this.#balance;
  }
}
const account = new Account().deposit(50).deposit(25);
console.log(account.balance, account.tag?.length ?? 'no tag');
console.log(account);
interface Config { retries?: number; nested?: { deep?: { value: number } } }
const config: Config = {};
console.log(config.retries ?? 3, config.nested?.deep?.value);
