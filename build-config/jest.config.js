module.exports = require('./jest/preset').jestProject(__dirname, { environment: 'node' });
