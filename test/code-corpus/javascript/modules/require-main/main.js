const helper = require('./helper');
console.log(require.main === module, helper.isMain, module.id);
