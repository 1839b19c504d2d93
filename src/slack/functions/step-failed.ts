/** A step's work ended with words already written for a person (a refusal, an invite hint). */
export class StepFailed extends Error {
  constructor(readonly text: string) {
    super(text);
    this.name = 'StepFailed';
  }
}
