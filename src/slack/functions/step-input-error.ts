/** Bad step input: `message` names each input by its step name and says what is wrong. */
export class StepInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StepInputError';
  }
}
