import EditOutlined from '@mui/icons-material/EditOutlined';
import { Button, Chip, TableCell, TableRow } from '@mui/material';
import { MENSAGENS, type UsuarioAdministracao } from '@tramite/shared';
import { useEffect, useState } from 'react';
import { CampoPesquisaLista } from '../../components/CampoPesquisaLista';
import { AlertaErroCarregar } from '../../components/feedback/AlertaErroCarregar';
import { Pagina } from '../../components/Pagina';
import { TabelaPaginada } from '../../components/TabelaPaginada';
import { mensagemComDetalhe } from '../../lib/api';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { useUsuarios } from './api';
import { DialogoUsuario } from './DialogoUsuario';
import { PERMISSOES_ROTULADAS } from './textos';

const M = MENSAGENS.administracaoUsuarios;
const TAMANHOS = [10, 20, 50];
const COLUNAS = ['Nome', 'Username', 'Lotações', 'Permissões', 'Situação'] as const;
/** Typing pauses this long before the server is asked. */
const ESPERA_BUSCA_MS = 300;

/** Administração › Usuários: find a user on the server (paginated) and edit them in a dialog. */
export function AdministracaoUsuariosPage() {
  const [texto, setTexto] = useState('');
  const [busca, setBusca] = useState('');
  const [pagina, setPagina] = useState(0);
  const [tamanhoPagina, setTamanhoPagina] = useState(TAMANHOS[1] as number);

  useEffect(() => {
    const espera = setTimeout(() => {
      setBusca(texto.trim());
      setPagina(0);
    }, ESPERA_BUSCA_MS);
    return () => clearTimeout(espera);
  }, [texto]);

  const consulta = useUsuarios({ busca, pagina: pagina + 1, tamanhoPagina });
  useErroConsulta(consulta.error, (erro) => mensagemComDetalhe(M.erroCarregar, erro));
  const usuarios = consulta.data?.itens ?? [];
  const total = consulta.data?.total ?? 0;

  const [edicao, setEdicao] = useState<{ aberto: boolean; usuario: UsuarioAdministracao | null }>({
    aberto: false,
    usuario: null,
  });

  return (
    <Pagina
      titulo="Usuários"
      tituloDocumento="Administração de usuários"
      descricao="Lotações, unidade atual, permissões e situação de cada usuário. Busque pelo nome, username, CPF ou matrícula SIAPE."
    >
      <AlertaErroCarregar consulta={consulta} mensagem={M.erroCarregar} />
      <CampoPesquisaLista
        id="busca-usuarios"
        rotulo="Buscar usuário"
        valor={texto}
        aoMudar={setTexto}
        textoAjuda="Nome, username, CPF ou matrícula SIAPE"
        tamanhoMaximo={100}
      />
      <TabelaPaginada
        carregando={consulta.isFetching}
        rotuloCarregando="Carregando usuários"
        testId="tabela-usuarios"
        legenda={
          consulta.isSuccess
            ? `${total} ${total === 1 ? 'usuário encontrado' : 'usuários encontrados'}, em ordem de nome`
            : 'Usuários'
        }
        colunas={COLUNAS}
        vazio={consulta.isSuccess && total === 0 ? `${M.nenhumEncontrado}.` : null}
        paginacao={{
          count: total,
          page: pagina,
          onPageChange: (_evento, nova) => setPagina(nova),
          rowsPerPage: tamanhoPagina,
          rowsPerPageOptions: TAMANHOS,
          onRowsPerPageChange: (evento) => {
            setTamanhoPagina(Number(evento.target.value));
            setPagina(0);
          },
        }}
      >
        {usuarios.map((usuario) => (
          <TableRow key={usuario.id} hover data-testid="linha-usuario">
            <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
              {usuario.nome}
            </TableCell>
            <TableCell>{usuario.username}</TableCell>
            <TableCell>
              {usuario.lotacoes.map((lotacao) => (
                <Chip
                  key={lotacao.id}
                  size="small"
                  label={lotacao.sigla}
                  title={lotacao.nome}
                  variant={lotacao.id === usuario.idUnidadeAtual ? 'filled' : 'outlined'}
                  sx={{ mr: 0.5, mb: 0.5 }}
                />
              ))}
            </TableCell>
            <TableCell sx={{ maxWidth: 320 }} data-testid="permissoes-usuario">
              {usuario.permissoes.map((permissao) => PERMISSOES_ROTULADAS[permissao].rotulo).join(', ') || '—'}
            </TableCell>
            <TableCell>
              <Chip
                size="small"
                label={usuario.ativo ? 'Ativo' : 'Inativo'}
                color={usuario.ativo ? 'success' : 'default'}
                variant={usuario.ativo ? 'filled' : 'outlined'}
              />
            </TableCell>
            <TableCell align="right">
              <Button
                size="small"
                startIcon={<EditOutlined />}
                aria-label={`Editar o usuário ${usuario.nome}`}
                onClick={() => setEdicao({ aberto: true, usuario })}
              >
                Editar
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TabelaPaginada>
      <DialogoUsuario {...edicao} onFechar={() => setEdicao((atual) => ({ ...atual, aberto: false }))} />
    </Pagina>
  );
}
