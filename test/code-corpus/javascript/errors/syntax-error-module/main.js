console.log('before require');
require('./broken');
