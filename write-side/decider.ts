/**
 * The shape of every aggregate (after Emmett): `decide` turns a command and the current state into
 * new events or throws an AppError; `evolve` folds one event into the state. Both are pure: time and
 * new ids arrive inside the command.
 */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

export interface Decider<State, Command, Event extends DomainEvent> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Event[];
}

export const fold = <State, Event extends DomainEvent>(
  decider: Pick<Decider<State, never, Event>, 'initialState' | 'evolve'>,
  events: Iterable<Event>,
): State => {
  let state = decider.initialState();
  for (const event of events) state = decider.evolve(state, event);
  return state;
};
