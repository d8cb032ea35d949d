/** What the assistant says when even its best passage covers too little of the question (`confident: false`). */
export const NOT_FOUND_ANSWER =
  'I did not find an answer to this in the knowledge base, documentation or community.';
