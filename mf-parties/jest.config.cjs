module.exports = { ...require('@bahi/shared/jest'), displayName: 'mf-parties' };
