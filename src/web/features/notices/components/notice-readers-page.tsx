import { AppLink } from '../../../components/app-link';
import { TableScroll } from '../../../components/table-scroll';
import table from '../../../components/table.module.css';
import { paths } from '../../../lib/paths';
import { useSeenByUsers } from '../api/get-seen-by-users';
import { QueryState } from './query-state';

/** `/users?id=` (admins, spec section 2): the users who read the notice, or 'No Users found!'. */
export function NoticeReadersPage({ id }: { id: string }) {
  const readers = useSeenByUsers(id);
  return (
    <>
      <p>
        <AppLink href={`${paths.notificationDetails.getHref()}?id=${id}`}>The notice</AppLink>
        {' · '}
        <AppLink href={paths.supportNotices.getHref()}>Manage Support Notices</AppLink>
      </p>
      <QueryState isPending={id !== '' && readers.isPending} error={readers.error}>
        {() => {
          const users = readers.data?.users ?? [];
          if (users.length === 0) return <p>No Users found!</p>;
          return (
            <TableScroll label="Readers">
              <table className={table.table}>
                <caption>Users who read the notice</caption>
                <thead>
                  <tr>
                    <th scope="col">User_ID</th>
                    <th scope="col">Name</th>
                    <th scope="col">Email</th>
                    <th scope="col">Role</th>
                  </tr>
                </thead>
                <tbody>
                  {users.map((user) => (
                    <tr key={user.User_ID}>
                      <td>{user.User_ID}</td>
                      <td>{user.name}</td>
                      <td>{user.email}</td>
                      <td>{user.role}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          );
        }}
      </QueryState>
    </>
  );
}
