module.exports = require('../build-config/jest/preset').jestProject(__dirname, {
  environment: 'node',
});
