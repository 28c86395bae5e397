const settings = { load: 1 };
console.log('calling');
settings.load();
