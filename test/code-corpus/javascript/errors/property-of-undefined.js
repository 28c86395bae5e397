const data = {};
console.log(data.user.name);
