console.log('about to throw a string');
throw 'plain string';
