const { jestProject } = require('../build-config/jest/preset');

module.exports = jestProject(__dirname, { environment: 'jsdom' });
