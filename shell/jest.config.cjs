module.exports = { ...require('@bahi/shared/jest'), displayName: 'shell' };
