const error = new Error('request failed');
error.code = 'E_FAILED';
error.status = 503;
console.log(Object.keys(error));
throw error;
