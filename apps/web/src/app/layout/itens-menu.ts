import type { SvgIconComponent } from '@mui/icons-material';
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import DrawOutlined from '@mui/icons-material/DrawOutlined';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import LibraryBooksOutlined from '@mui/icons-material/LibraryBooksOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import ManageSearchOutlined from '@mui/icons-material/ManageSearchOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import NoteAddOutlined from '@mui/icons-material/NoteAddOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import StarBorderOutlined from '@mui/icons-material/StarBorderOutlined';
import type { Permissao, Usuario } from '@tramite/shared';

export interface ItemMenu {
  rotulo: string;
  caminho: string;
  icone: SvgIconComponent;
  /** data-testid of the link: `menu-` followed by the last path segment. */
  testId: string;
  exigeLogin?: boolean;
  permissao?: Permissao;
}

export interface GrupoMenu {
  titulo: string;
  itens: ItemMenu[];
}

function item(rotulo: string, caminho: string, icone: SvgIconComponent, acesso: Partial<ItemMenu> = {}): ItemMenu {
  return { rotulo, caminho, icone, testId: `menu-${caminho.split('/').pop()}`, ...acesso };
}

const LOGIN = { exigeLogin: true } as const;

const GRUPOS: GrupoMenu[] = [
  {
    titulo: 'Geral',
    itens: [
      item('Início', '/home', HomeOutlined),
      item('Busca', '/busca', SearchOutlined),
      item('Consolidação', '/consolidacao', LibraryBooksOutlined),
      item('Ajuda', '/ajuda', HelpOutline),
    ],
  },
  {
    titulo: 'Protocolo',
    itens: [
      item('Nova autuação', '/autuacoes', NoteAddOutlined, LOGIN),
      item('Caixa postal', '/caixa-postal', InboxOutlined, LOGIN),
      item('Controle de prazos', '/controle-de-prazos', EventNoteOutlined, LOGIN),
      item('Painel', '/painel', InsightsOutlined, LOGIN),
      item('Favoritos', '/documentos-favoritos', StarBorderOutlined, LOGIN),
      item('Arquivos assinados', '/arquivos-assinados', DrawOutlined, LOGIN),
      item('Configurações', '/usuario', SettingsOutlined, LOGIN),
    ],
  },
  {
    titulo: 'Relatórios',
    itens: [
      item('Malote', '/relatorios/malote', LocalShippingOutlined, { exigeLogin: true, permissao: 'RELATORIOS' }),
      item('Documentos desarquivados', '/relatorios/documentos-desarquivados', ArchiveOutlined, {
        exigeLogin: true,
        permissao: 'RELATORIOS',
      }),
    ],
  },
  {
    titulo: 'Administração',
    itens: [
      item('Vocabulário controlado', '/administracao/edicao-de-vocabulario-controlado', MenuBookOutlined, {
        exigeLogin: true,
        permissao: 'ADMINISTRACAO_VOCABULARIO',
      }),
      item('Tipos documentais', '/administracao/edicao-tipo-documental', CategoryOutlined, {
        exigeLogin: true,
        permissao: 'ADMINISTRACAO_TIPOS_DOCUMENTAIS',
      }),
      item('Reencaminhamento', '/administracao/reencaminhamento-de-documento', ForwardToInboxOutlined, {
        exigeLogin: true,
        permissao: 'REENCAMINHAMENTO',
      }),
      item('Usuários', '/administracao/usuarios', ManageAccountsOutlined, {
        exigeLogin: true,
        permissao: 'ADMINISTRACAO_USUARIOS',
      }),
      item('Calendário', '/administracao/calendario', EventOutlined, {
        exigeLogin: true,
        permissao: 'ADMINISTRACAO_CALENDARIO',
      }),
      item('Indexação', '/administracao/indexacao', ManageSearchOutlined, {
        exigeLogin: true,
        permissao: 'ADMINISTRACAO_INDEXACAO',
      }),
      // The icon of Reencaminhamento again: a new one would add its bytes to every first screen (issue 23).
      item('Tramita GOV.BR', '/administracao/tramita', ForwardToInboxOutlined, {
        exigeLogin: true,
        permissao: 'ADMINISTRACAO_TRAMITA',
      }),
    ],
  },
];

/** The menu entries this user may use; groups left empty are dropped. */
export function gruposMenu(usuario: Usuario | null): GrupoMenu[] {
  return GRUPOS.map((grupo) => ({
    titulo: grupo.titulo,
    itens: grupo.itens.filter(
      (entrada) =>
        (!entrada.exigeLogin || usuario !== null) &&
        (!entrada.permissao || (usuario?.permissoes.includes(entrada.permissao) ?? false)),
    ),
  })).filter((grupo) => grupo.itens.length > 0);
}
