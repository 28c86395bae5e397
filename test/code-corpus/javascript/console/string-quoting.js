console.log(['plain', "it's", 'say "hi"', `both ' and "`, 'tab\there', 'new\nline']);
console.log({ 'key with space': 1, valid_id: 2, 'dash-key': 3, 42: 'numeric' });
console.log('top level strings are not quoted', 'even "these"');
console.log({ unicode: 'héllo ✓', empty: '' });
