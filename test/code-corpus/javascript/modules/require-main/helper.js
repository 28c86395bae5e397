module.exports = { isMain: require.main === module };
