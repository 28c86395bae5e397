throw { code: 42, reason: 'object thrown' };
