console.log('rejecting with a number');
Promise.reject(42);
