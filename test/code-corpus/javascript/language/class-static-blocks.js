class Config {
  static defaults;
  static {
    Config.defaults = { retries: 3 };
  }
  handler = () => this.constructor.name;
  static #secret = 'hidden';
  static reveal() {
    return Config.#secret.length;
  }
  static has(object) {
    return #secret in object;
  }
}
console.log(Config.defaults, new Config().handler(), Config.reveal(), Config.has(Config), Config.has({}));
const mixin = (Base) => class extends Base { mixed() { return 'mixed'; } };
class Final extends mixin(Object) {}
console.log(new Final().mixed(), Object.getPrototypeOf(Final.prototype).constructor.name === '');
