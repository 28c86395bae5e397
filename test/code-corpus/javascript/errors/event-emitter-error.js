const { EventEmitter } = require('events');
const emitter = new EventEmitter();
emitter.on('error', (error) => console.log('handled:', error.message));
emitter.emit('error', new Error('first'));
emitter.removeAllListeners('error');
emitter.emit('error', new Error('unhandled emitter error'));
