const EventEmitter = require('events');
class Store extends EventEmitter {
  set(key, value) {
    this.emit('change', key, value);
  }
}
const store = new Store();
store.on('change', (key, value) => console.log('change', key, value));
store.once('change', (key) => console.log('first change only', key));
store.prependListener('change', () => console.log('prepended runs first'));
store.set('a', 1);
store.set('b', 2);
console.log(store.listenerCount('change'), store.eventNames());
const { once } = require('events');
once(store, 'ready').then(([value]) => console.log('ready with', value));
store.emit('ready', 'yes');
