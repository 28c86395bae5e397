const path = require('path');
console.log(path.join('/a/b', '../c', './d.txt'), path.join('a', '', 'b/'), path.join());
console.log(path.normalize('/x//y/../z/.'), path.normalize('./rel/../..'), path.isAbsolute('rel'));
console.log(path.relative('/data/orandea/test/aaa', '/data/orandea/impl/bbb'), path.relative('/a', '/a'));
console.log(path.parse('/home/user/dir/file.tar.gz'));
console.log(path.format({ dir: '/out', name: 'file', ext: '.txt' }), path.format({ root: '/', base: 'x.js' }));
console.log(path.basename('/x/y.js', '.js'), path.extname('.bashrc'), path.extname('a.b.c'), path.dirname('/only'));
console.log(path.resolve('/root', 'a', '/abs', 'b'), path.sep, path.delimiter, path.posix === path);
