class ValidationError extends Error {
  constructor(field, message) {
    super(message);
    this.name = 'ValidationError';
    this.field = field;
  }
}
try {
  throw new ValidationError('email', 'is required');
} catch (error) {
  console.log(error.name, error.field, error.message, error instanceof ValidationError, error instanceof Error);
  console.log(String(error));
}
throw new ValidationError('age', 'must be positive');
